"""Internal rate of return by Newton's method on the net present value."""

import jax
import jax.numpy as jnp


def npv(rate, cashflows):
    t = jnp.arange(cashflows.shape[0])
    return jnp.sum(cashflows / (1.0 + rate) ** t)


def _newton_update(rate, cashflows):
    value, slope = jax.value_and_grad(npv)(rate, cashflows)
    return rate - value / slope


def irr(cashflows, guess=0.1, tol=1e-7, max_iter=50):
    def cond(carry):
        rate, it = carry
        return (jnp.abs(npv(rate, cashflows)) > tol) & (it < max_iter)

    def body(carry):
        rate, it = carry
        return _newton_update(rate, cashflows), it + 1

    rate, _ = jax.lax.while_loop(cond, body, (jnp.asarray(guess), 0))
    return rate
