"""Text formats: WOF results files (.ELO), Papp players lists, diagnostics."""
