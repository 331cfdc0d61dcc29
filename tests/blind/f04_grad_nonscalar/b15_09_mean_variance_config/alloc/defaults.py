"""Default settings of the allocation service (overridable from the CLI)."""

DEFAULTS = {
    "assets": ["equity_us", "equity_eu", "bonds", "gold", "reit"],
    "risk_aversion": [4.0],
    "learning_rate": 0.5,
    "steps": 300,
}


def merged(**overrides):
    cfg = dict(DEFAULTS)
    cfg.update(overrides)
    return cfg
