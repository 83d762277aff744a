//! `live_task_handler` (from 0.22).

use tower_mcp::{CallToolResult, TaskContext, TaskOutcome, Tool, ToolBuilder};

use crate::more::Job;

fn job() -> Tool {
    ToolBuilder::new("run_job")
        .description("Runs as a task")
        .live_task_handler(|task: TaskContext, job: Job| async move {
            let _ = (task, job);
            Ok(TaskOutcome::Completed(CallToolResult::text("done")))
        })
        .build()
}

/// A live handler with a synchronous fallback: tasks become optional.
fn job_or_now() -> Tool {
    ToolBuilder::new("run_job_or_now")
        .live_task_handler(|task: TaskContext, job: Job| async move {
            let _ = (task, job);
            Ok(TaskOutcome::Completed(CallToolResult::text("done")))
        })
        .fallback_handler(|job: Job| async move { Ok(CallToolResult::text(job.command)) })
        .build()
}

pub fn tools() -> Vec<Tool> {
    vec![job(), job_or_now()]
}
