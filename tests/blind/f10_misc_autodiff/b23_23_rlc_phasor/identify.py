"""Identify R, L, C from measured current phasors over a frequency sweep."""
import jax
import jax.numpy as jnp

from circuit import current_phasor

TRUE = {"R": 50.0, "L": 0.1, "C": 1e-5}
OMEGA = 2 * jnp.pi * jnp.linspace(50.0, 500.0, 30)


def to_physical(log_params):
    return {k: jnp.exp(v) for k, v in log_params.items()}


def misfit(log_params, measured):
    model = current_phasor(to_physical(log_params), OMEGA)
    return jnp.mean((model - measured) ** 2)


def identify(measured, steps=300, lr=0.05):
    log_p = {"R": jnp.log(30.0), "L": jnp.log(0.15), "C": jnp.log(2e-5)}
    grad_fn = jax.jit(jax.grad(misfit))
    for _ in range(steps):
        g = grad_fn(log_p, measured)
        log_p = {k: log_p[k] - lr * g[k] / (1e-3 + jnp.abs(g[k])) for k in log_p}
    return to_physical(log_p)


def main():
    measured = current_phasor(TRUE, OMEGA)
    est = identify(measured)
    print({k: float(v) for k, v in est.items()})
    return est


if __name__ == "__main__":
    main()
