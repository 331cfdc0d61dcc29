"""Initial guesses for the one-compartment pharmacokinetic fit."""

INITIAL_RATES = {
    "ka": 1.0,  # absorption rate, 1/h
    "ke": 0.15,  # elimination rate, 1/h
    "volume": 12.0,  # distribution volume, L
}

DOSE_MG = 100.0
SAMPLE_TIMES_H = [0.5, 1.0, 2.0, 4.0, 6.0, 8.0, 12.0, 24.0]
