import jax.numpy as jnp

from forecast.params import init_params
from forecast.train import refine_initial_state


def weekly_demand():
    t = jnp.arange(40.0)
    return 120.0 + 1.5 * t + 4.0 * jnp.sin(t / 3.0)


def main():
    series = weekly_demand()
    params = init_params("holt", series[0])
    smoothing = jnp.array([0.4, 0.1])
    loss = refine_initial_state(params, smoothing, series)
    print("SSE:", float(loss), "trend0:", float(params["trend"][...]))


if __name__ == "__main__":
    main()
