"""Final-size relations for multi-group SIR epidemics."""
