"""How does each horizon's forecast respond to a shock in the latest observation?"""
import jax
import jax.numpy as jnp

from model import fit, make_forecaster
from windows import CFG, make_windows


def impulse_response(forecast, windows, cfg=CFG):
    respond = lambda w: jax.jvp(forecast, (w,), (jnp.zeros(cfg["lookback"]).at[-1].set(1.0),))[1]
    return jax.vmap(respond)(windows)


def main():
    t = jnp.arange(300.0)
    series = jnp.sin(2 * jnp.pi * t / 24) + 0.3 * jnp.sin(2 * jnp.pi * t / 7)
    xs, ys = make_windows(series)
    w = fit(xs[:200], ys[:200], CFG["ridge"])
    forecast = make_forecaster(w)
    resp = impulse_response(forecast, xs[200:])
    print("mean response per horizon:", [round(float(r), 3) for r in resp.mean(0)])
    return resp


if __name__ == "__main__":
    main()
