"""Continuous stirred-tank reactor with consecutive first-order reactions A -> B -> C."""
import jax
import jax.numpy as jnp

from adjoint import adjoint_cotangents

FEED = jnp.array([1.0, 0.0, 0.0])  # mol/L of A, B, C
STOICH = jnp.array([[-1.0, 0.0],
                    [1.0, -1.0],
                    [0.0, 1.0]])


def residual(x, theta):
    """dx/dt of the tank; zero at steady state."""
    k = jnp.exp(theta["log_k"])
    rates = k * x[:2]
    return (FEED - x) / theta["tau"] + STOICH @ rates


def newton(x, theta, iters=12):
    def body(_, x):
        j = jax.jacobian(residual)(x, theta)
        return x - jnp.linalg.solve(j, residual(x, theta))
    return jax.lax.fori_loop(0, iters, body, x)


@jax.custom_vjp
def steady_state(theta, x_guess):
    return newton(x_guess, theta)


def _steady_state_fwd(theta, x_guess):
    x_star = newton(x_guess, theta)
    return x_star, (x_star, theta, x_guess)


def _steady_state_bwd(res, x_bar):
    x_star, theta, x_guess = res
    return adjoint_cotangents(residual, x_star, theta, x_bar), jnp.zeros_like(x_guess)


steady_state.defvjp(_steady_state_fwd, _steady_state_bwd)
