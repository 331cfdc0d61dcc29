"""Starting values for the SIR fit (per 1000 inhabitants)."""

POPULATION = 1000.0

INITIAL_GUESS = {
    'beta': 0.25,     # contacts per day times transmission probability
    'gamma': 0.1,     # recovery rate per day
    'i0': 2.0,        # infected on day 0
}
