"""Supervised windows for direct multi-horizon forecasting."""
import jax.numpy as jnp

CFG = {"lookback": 24, "horizon": 6, "ridge": 1e-2}


def make_windows(series, cfg=CFG):
    """Inputs hold the lags t-lookback .. t inclusive; targets t+1 .. t+horizon."""
    n_in = cfg["lookback"] + 1
    n = series.shape[0] - n_in - cfg["horizon"] + 1
    starts = jnp.arange(n)[:, None]
    x = series[starts + jnp.arange(n_in)]
    y = series[starts + n_in + jnp.arange(cfg["horizon"])]
    return x, y
