"""Calibrate a harbour's tidal-height correction table against gauge readings."""
import jax
import jax.numpy as jnp

from interp import make_table

GRID = dict(x0=0.0, dx=0.5, n_knots=25)
correction = make_table(GRID["x0"], GRID["dx"])


def gauge_loss(table, hours, model_height, gauge_height):
    predicted = model_height + correction(hours, table)
    smooth = jnp.sum(jnp.diff(table, n=2) ** 2)
    return jnp.mean((predicted - gauge_height) ** 2) + 0.1 * smooth


def main():
    hours = jnp.linspace(0.0, 11.9, 90)
    model_height = 1.5 * jnp.sin(2 * jnp.pi * hours / 12.42)
    gauge_height = model_height + 0.2 * jnp.cos(hours)
    table = jnp.zeros(GRID["n_knots"])
    step = jax.jit(jax.value_and_grad(gauge_loss))
    for _ in range(50):
        loss, g = step(table, hours, model_height, gauge_height)
        table = table - 0.5 * g
    print("loss", loss)


if __name__ == "__main__":
    main()
