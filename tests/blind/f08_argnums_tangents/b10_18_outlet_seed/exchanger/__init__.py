"""Counter-flow heat exchanger outlet temperatures and their input sensitivities."""
