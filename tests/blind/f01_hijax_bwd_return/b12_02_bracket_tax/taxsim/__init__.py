"""A small tax-and-transfer simulator with a bracket primitive."""
