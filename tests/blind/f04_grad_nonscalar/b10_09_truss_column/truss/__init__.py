"""Static equilibrium of a spring chain by minimising its potential energy."""
