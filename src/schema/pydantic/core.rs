//! When pydantic writes a field whose type is a model or enum, it drops the field's keys that
//! repeat the referenced definition (`handle_ref_overrides`), but only if that definition's JSON
//! is already finished. Which one is finished depends on the core schema pydantic built, and that
//! depends on the order in which the Python classes were created: a class whose annotations name
//! a class not yet defined stays incomplete until `model_rebuild()`, and a class built later
//! reuses the stored, already simplified core schema of every complete class it names.
//!
//! This module replays that for the profile's Python equivalent of a Rust file (docs/testing.md,
//! "python-sdk differential harness"): enums first, then the models in source order, then the
//! `NewType`s, then `model_rebuild()` on every model in source order. It builds each model's core
//! schema as pydantic does (`GenerateSchema._model_schema`: reuse a complete class's schema, build an
//! incomplete one inline, a class already being built is a `definition-ref`), simplifies it
//! (`finalize_schema`: a reference met once is inlined, the others stay definitions), and walks
//! the JSON generation (`definitions` first, then the schema; a class's JSON is made once) to
//! record, for every property that is a `$ref`, whether its target was finished by then.

use std::collections::{HashMap, HashSet};

use indexmap::IndexMap;

use super::{def_identity, sole_live_field, Pydantic};
use crate::model::{substitute, Body, DefId, Style, Ty};

/// A class of the Python equivalent: a model (a named-field struct) or an enum.
type ClassId = usize;

/// A node of the emulated core schema.
#[derive(Clone, Debug)]
enum Node {
    /// A `definition-ref` schema.
    Ref(ClassId),
    /// A model or enum schema (it carries its `ref`), with the class nodes of each property in
    /// generation order.
    Class(ClassId, Vec<Slot>),
}

#[derive(Clone, Debug)]
struct Slot {
    key: String,
    nodes: Vec<Node>,
}

/// A class's core schema once pydantic simplified it (what `__pydantic_core_schema__` holds).
#[derive(Clone, Debug)]
struct Stored {
    definitions: IndexMap<ClassId, Node>,
    root: Node,
}

/// What the declaration of a property needs: the classes its type reaches, in order, whether it
/// names a `NewType` (defined after every model), and the class it is a `$ref` to, if it is one.
#[derive(Clone, Debug)]
struct SlotDecl {
    key: String,
    classes: Vec<ClassId>,
    names_newtype: bool,
    direct: Option<ClassId>,
}

#[derive(Clone, Debug)]
struct ClassDecl {
    identity: String,
    is_model: bool,
    /// Source order of the Rust item: the Python class is created in this order.
    position: (usize, usize, usize),
    slots: Vec<SlotDecl>,
}

/// For each (class identity, property key) that is a `$ref`: whether pydantic had finished the
/// referenced definition's JSON when it wrote the property. The document's own properties (the
/// arguments model, the output wrapper) have the identity `""`.
pub type Finished = HashMap<(String, String), bool>;

/// Core-schema nodes one replay may make before it gives up (the caller then falls back to the
/// order-free approximation): inlined copies can grow exponentially.
const NODE_BUDGET: usize = 20_000;

/// Which document: one pydantic builds fresh (the arguments model, the output wrapper) with
/// these properties, or a model returned at the root (the class's own stored schema).
pub enum Document<'a> {
    Fresh(&'a [(String, &'a Ty)]),
    Model(&'a Ty),
}

struct Replay<'p, 'm> {
    pyd: &'p Pydantic<'m>,
    classes: Vec<ClassDecl>,
    by_identity: HashMap<String, ClassId>,
    complete: HashMap<ClassId, Stored>,
    budget: usize,
}

/// Why a build stopped: a name not defined yet (the class stays incomplete), or the budget.
enum Stop {
    Undefined,
    Budget,
}

impl Pydantic<'_> {
    /// Replays pydantic for `doc`; `None` when the replay ran past its budget.
    pub(super) fn replay_finished(&self, doc: &Document) -> Option<Finished> {
        let mut replay = Replay {
            pyd: self,
            classes: Vec::new(),
            by_identity: HashMap::new(),
            complete: HashMap::new(),
            budget: NODE_BUDGET,
        };
        let doc_slots: Vec<SlotDecl> = match doc {
            Document::Fresh(params) => params.iter().map(|(key, ty)| replay.slot(key.clone(), ty)).collect(),
            Document::Model(ty) => vec![replay.slot(String::new(), ty)],
        };
        if replay.budget == 0 {
            return None;
        }
        replay.create_classes().ok()?;
        let stored = match doc {
            Document::Fresh(_) => {
                let mut builder = Builder::new(None);
                let mut slots = Vec::new();
                for decl in &doc_slots {
                    let mut nodes = Vec::new();
                    for &c in &decl.classes {
                        nodes.push(builder.class(&mut replay, c).ok()?);
                    }
                    slots.push(Slot { key: decl.key.clone(), nodes });
                }
                let root = Node::Class(usize::MAX, slots);
                replay.finalize(root, builder.definitions).ok()?
            }
            Document::Model(_) => {
                let root = doc_slots[0].direct?;
                replay.complete.get(&root)?.clone()
            }
        };
        let mut walk =
            JsonWalk { replay: &replay, doc_slots: &doc_slots, finished: HashSet::new(), out: Finished::new() };
        for node in stored.definitions.values() {
            walk.generate(node);
        }
        walk.generate(&stored.root);
        Some(walk.out)
    }
}

impl Replay<'_, '_> {
    /// The class of a model or enum instance, declared on first sight.
    fn class_of(&mut self, id: DefId, args: &[Ty]) -> ClassId {
        let identity = def_identity(id, args);
        if let Some(&c) = self.by_identity.get(&identity) {
            return c;
        }
        let c = self.classes.len();
        let def = self.pyd.model.def(id);
        let position = (def.item.krate, def.item.module.0, def.item.index);
        let is_model = matches!(def.body, Body::Struct { .. });
        self.classes.push(ClassDecl { identity: identity.clone(), is_model, position, slots: Vec::new() });
        self.by_identity.insert(identity, c);
        let slots = match &def.body {
            Body::Struct { fields, .. } => self.model_slots(fields, args, &mut vec![self.classes[c].identity.clone()]),
            Body::Enum { variants } => {
                let mut slot = SlotDecl { key: String::new(), classes: Vec::new(), names_newtype: false, direct: None };
                for f in variants.iter().flat_map(|v| &v.fields) {
                    self.reach(&substitute(&f.ty, args), &mut slot);
                }
                vec![slot]
            }
            Body::Unsupported(_) => Vec::new(),
        };
        self.classes[c].slots = slots;
        c
    }

    /// The properties of a model as the emitter writes them (skips, flattening, names).
    /// `flattening` holds the model and the structs flattened into it: a struct flattened into
    /// itself is an error the emitter reports, and adds nothing here.
    fn model_slots(
        &mut self,
        fields: &[crate::model::Field],
        args: &[Ty],
        flattening: &mut Vec<String>,
    ) -> Vec<SlotDecl> {
        let mut slots = Vec::new();
        for f in fields.iter().filter(|f| !self.pyd.skipped(f)) {
            let ty = substitute(&f.ty, args);
            if f.flatten {
                let inner = if let Ty::Option(inner) = &ty { inner.as_ref() } else { &ty };
                if let Ty::Named(id, inner_args) = inner {
                    if let Body::Struct { style: Style::Struct, fields } = &self.pyd.model.def(*id).body {
                        let identity = def_identity(*id, inner_args);
                        if flattening.contains(&identity) {
                            continue;
                        }
                        flattening.push(identity);
                        slots.extend(self.model_slots(fields, inner_args, flattening));
                        flattening.pop();
                    }
                }
                continue;
            }
            // Two fields renamed alike are both generated; the later one's property is the one
            // published, and its entry in `Finished` is written last.
            let key = self.pyd.name_of(&f.ser_name, &f.de_name);
            slots.push(self.slot(key, &ty));
        }
        slots
    }

    fn slot(&mut self, key: String, ty: &Ty) -> SlotDecl {
        let mut slot = SlotDecl { key, classes: Vec::new(), names_newtype: false, direct: None };
        self.reach(ty, &mut slot);
        slot.direct = self.direct_class(ty);
        slot
    }

    /// The class a property of type `ty` is a bare `$ref` to.
    fn direct_class(&mut self, ty: &Ty) -> Option<ClassId> {
        let Ty::Named(id, args) = ty else { return None };
        let def = self.pyd.model.def(*id);
        if def.serde.transparent || def.newtype_field().is_some() {
            let field = sole_live_field(def)?;
            return self.direct_class(&substitute(&field.ty, args));
        }
        match &def.body {
            Body::Struct { style: Style::Struct, .. } | Body::Enum { .. } => Some(self.class_of(*id, args)),
            _ => None,
        }
    }

    /// The classes `ty` reaches, in the order pydantic generates them.
    fn reach(&mut self, ty: &Ty, slot: &mut SlotDecl) {
        // Inlined generic tuple structs can grow exponentially (`struct P<T>(T, T)` nested).
        if self.spend().is_err() {
            return;
        }
        match ty {
            Ty::Seq(t) | Ty::Set(t) | Ty::Array(t, _) | Ty::Option(t) => self.reach(t, slot),
            Ty::Tuple(ts) => ts.iter().for_each(|t| self.reach(t, slot)),
            Ty::Map(k, v) => {
                if matches!(k.as_ref(), Ty::Named(id, _) if self.pyd.model.def(*id).is_unit_enum()) {
                    self.reach(k, slot);
                }
                self.reach(v, slot);
            }
            Ty::Named(id, args) => {
                let def = self.pyd.model.def(*id);
                if def.serde.transparent || def.newtype_field().is_some() {
                    if let Some(field) = sole_live_field(def) {
                        slot.names_newtype = true;
                        return self.reach(&substitute(&field.ty, args), slot);
                    }
                }
                match &def.body {
                    Body::Struct { style: Style::Unit, .. } | Body::Unsupported(_) => {}
                    Body::Struct { style: Style::Tuple, fields } => {
                        slot.names_newtype = true;
                        for f in fields.iter().filter(|f| !self.pyd.skipped(f)) {
                            self.reach(&substitute(&f.ty, args), slot);
                        }
                    }
                    _ => {
                        let c = self.class_of(*id, args);
                        slot.classes.push(c);
                    }
                }
            }
            _ => {}
        }
    }

    /// Creates every model class in source order (a class naming one not defined yet stays
    /// incomplete), then rebuilds the incomplete ones in the same order.
    fn create_classes(&mut self) -> Result<(), ()> {
        let mut models: Vec<ClassId> = (0..self.classes.len()).filter(|&c| self.classes[c].is_model).collect();
        models.sort_by_key(|&c| (self.classes[c].position, c));
        for &c in &models {
            let position = self.classes[c].position;
            match self.build(c, Some(position)) {
                Ok(stored) => {
                    self.complete.insert(c, stored);
                }
                Err(Stop::Undefined) => {}
                Err(Stop::Budget) => return Err(()),
            }
        }
        for &c in &models {
            if !self.complete.contains_key(&c) {
                let stored = self.build(c, None).map_err(|_| ())?;
                self.complete.insert(c, stored);
            }
        }
        Ok(())
    }

    /// `__pydantic_core_schema__` of class `c`, built with the names defined up to `limit`.
    fn build(&mut self, c: ClassId, limit: Option<(usize, usize, usize)>) -> Result<Stored, Stop> {
        let mut builder = Builder::new(limit);
        let root = builder.class(self, c)?;
        self.finalize(root, builder.definitions)
    }

    /// `finalize_schema`: a reference met once is replaced by its definition, the others stay
    /// definitions, in the order they were first met.
    fn finalize(&mut self, root: Node, definitions: IndexMap<ClassId, Node>) -> Result<Stored, Stop> {
        let mut counts: IndexMap<ClassId, usize> = IndexMap::new();
        count_refs(&root, &definitions, &mut counts);
        let mut kept = IndexMap::new();
        for (&r, &n) in &counts {
            if n >= 2 {
                let def = definitions.get(&r).cloned().unwrap_or(Node::Class(r, Vec::new()));
                let def = self.inline(&def, &definitions, &counts)?;
                kept.insert(r, def);
            }
        }
        let root = self.inline(&root, &definitions, &counts)?;
        Ok(Stored { definitions: kept, root })
    }

    fn inline(
        &mut self,
        node: &Node,
        defs: &IndexMap<ClassId, Node>,
        counts: &IndexMap<ClassId, usize>,
    ) -> Result<Node, Stop> {
        self.spend()?;
        match node {
            Node::Ref(r) if counts.get(r) == Some(&1) => match defs.get(r) {
                Some(def) => self.inline(def, defs, counts),
                None => Ok(node.clone()),
            },
            Node::Ref(_) => Ok(node.clone()),
            Node::Class(c, slots) => {
                let mut out = Vec::with_capacity(slots.len());
                for s in slots {
                    let mut nodes = Vec::with_capacity(s.nodes.len());
                    for n in &s.nodes {
                        nodes.push(self.inline(n, defs, counts)?);
                    }
                    out.push(Slot { key: s.key.clone(), nodes });
                }
                Ok(Node::Class(*c, out))
            }
        }
    }

    fn spend(&mut self) -> Result<(), Stop> {
        if self.budget == 0 {
            return Err(Stop::Budget);
        }
        self.budget -= 1;
        Ok(())
    }
}

fn count_refs(node: &Node, defs: &IndexMap<ClassId, Node>, counts: &mut IndexMap<ClassId, usize>) {
    match node {
        Node::Ref(r) => {
            let n = counts.entry(*r).or_insert(0);
            *n += 1;
            if *n == 1 {
                if let Some(def) = defs.get(r) {
                    count_refs(def, defs, counts);
                }
            }
        }
        Node::Class(_, slots) => slots.iter().flat_map(|s| &s.nodes).for_each(|n| count_refs(n, defs, counts)),
    }
}

/// One run of `GenerateSchema`: the definitions it collected, and the classes being built.
struct Builder {
    definitions: IndexMap<ClassId, Node>,
    building: HashSet<ClassId>,
    /// Classes at or before this source position are defined (`None`: all of them).
    limit: Option<(usize, usize, usize)>,
}

impl Builder {
    fn new(limit: Option<(usize, usize, usize)>) -> Self {
        Builder { definitions: IndexMap::new(), building: HashSet::new(), limit }
    }

    /// `_model_schema` (and the enum schema): a `definition-ref` to the class, its definition
    /// collected.
    fn class(&mut self, replay: &mut Replay, c: ClassId) -> Result<Node, Stop> {
        replay.spend()?;
        if self.building.contains(&c) || self.definitions.contains_key(&c) {
            return Ok(Node::Ref(c));
        }
        if let Some(stored) = replay.complete.get(&c) {
            for (r, def) in &stored.definitions {
                self.definitions.insert(*r, def.clone());
            }
            return Ok(match &stored.root {
                Node::Class(..) => {
                    self.definitions.insert(c, stored.root.clone());
                    Node::Ref(c)
                }
                reference => reference.clone(),
            });
        }
        let decl = replay.classes[c].clone();
        if decl.is_model {
            self.check_defined(replay, &decl)?;
        }
        self.building.insert(c);
        let mut slots = Vec::with_capacity(decl.slots.len());
        for s in &decl.slots {
            let mut nodes = Vec::with_capacity(s.classes.len());
            for &r in &s.classes {
                nodes.push(self.class(replay, r)?);
            }
            slots.push(Slot { key: s.key.clone(), nodes });
        }
        self.building.remove(&c);
        self.definitions.insert(c, Node::Class(c, slots));
        Ok(Node::Ref(c))
    }

    /// A model's annotations are evaluated when it is built: each model they name must be
    /// defined by then, and a `NewType` is defined only after every model.
    fn check_defined(&self, replay: &Replay, decl: &ClassDecl) -> Result<(), Stop> {
        let Some(limit) = self.limit else { return Ok(()) };
        for s in &decl.slots {
            if s.names_newtype {
                return Err(Stop::Undefined);
            }
            if s.classes.iter().any(|&r| replay.classes[r].is_model && replay.classes[r].position > limit) {
                return Err(Stop::Undefined);
            }
        }
        Ok(())
    }
}

/// `GenerateJsonSchema` over a stored schema: each class's JSON is made once, the first time it
/// is met; a `definition-ref` makes nothing.
struct JsonWalk<'r, 'p, 'm> {
    replay: &'r Replay<'p, 'm>,
    doc_slots: &'r [SlotDecl],
    finished: HashSet<ClassId>,
    out: Finished,
}

impl JsonWalk<'_, '_, '_> {
    fn generate(&mut self, node: &Node) {
        let Node::Class(c, slots) = node else { return };
        if self.finished.contains(c) {
            return;
        }
        // The document's own model is not a class of the file. The declarations are borrowed
        // from the replay, not from `self`, so no copy is needed while the walk goes on.
        let (replay, doc_slots) = (self.replay, self.doc_slots);
        let (identity, decls) = match replay.classes.get(*c) {
            Some(decl) => (decl.identity.as_str(), decl.slots.as_slice()),
            None => ("", doc_slots),
        };
        for (slot, decl) in slots.iter().zip(decls) {
            for n in &slot.nodes {
                self.generate(n);
            }
            if let Some(target) = decl.direct {
                self.out.insert((identity.to_owned(), decl.key.clone()), self.finished.contains(&target));
            }
        }
        self.finished.insert(*c);
    }
}
