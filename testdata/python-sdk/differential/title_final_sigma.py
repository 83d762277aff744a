def title_final_sigma(ΟΔΟΣ: str, ΣΑΣ_ΣΑΣ: int, ΟΔΟΣx: bool) -> None:
    pass


TOOL = title_final_sigma


def register():
    return {}
