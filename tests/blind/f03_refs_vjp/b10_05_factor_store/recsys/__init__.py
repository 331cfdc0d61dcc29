"""Matrix factorisation whose factors live in mutable Refs between steps."""
