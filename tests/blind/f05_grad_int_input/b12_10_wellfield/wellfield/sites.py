"""Pumping and monitoring wells of the survey (metres, m^3/day)."""

PUMPING_WELLS = [
    {"id": "PW-1", "x": 120.0, "y": 40.0, "rate": 850},
    {"id": "PW-2", "x": -60.0, "y": 210.0, "rate": 1200},
    {"id": "PW-3", "x": 300.0, "y": -150.0, "rate": 400},
]

MONITORING_WELLS = [(0.0, 0.0), (150.0, 90.0), (-20.0, 160.0), (260.0, -90.0), (80.0, -60.0)]

OBSERVED_DRAWDOWN = [0.9, 1.4, 1.5, 0.8, 0.95]
