"""Age-structured SIR model whose contact matrix is shared through a Ref."""
