"""Adjust reported pumping rates and transmissivity to the observed drawdowns."""
import jax
import jax.numpy as jnp

from wellfield.aquifer import WellField
from wellfield.sites import MONITORING_WELLS, OBSERVED_DRAWDOWN, PUMPING_WELLS


def misfit(field, points, observed):
    return jnp.mean((field.drawdown(points) - observed) ** 2)


def calibrate(n_steps=200, lr_rates=2e3, lr_t=0.05):
    field = WellField.from_table(PUMPING_WELLS)
    points = jnp.asarray(MONITORING_WELLS)
    observed = jnp.asarray(OBSERVED_DRAWDOWN)
    step_sizes = WellField(lr_rates, lr_t, field.xy)
    grad_fn = jax.jit(jax.grad(misfit))
    start = misfit(field, points, observed)
    for _ in range(n_steps):
        g = grad_fn(field, points, observed)
        field = jax.tree.map(lambda p, d, lr: p - lr * d, field, g, step_sizes)
    return field, float(start), float(misfit(field, points, observed))


def main():
    field, start, end = calibrate()
    print("misfit", start, "->", end, "rates", field.rates)


if __name__ == "__main__":
    main()
