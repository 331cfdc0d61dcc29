"""Fit the SEIR model to daily case notifications."""
import jax
import jax.numpy as jnp

from incidence import incidence
from params import initial_guess, truth

DAYS = 90


def simulate(p, i0=1e-3):
    def day(state, _):
        s, e, i, r = state
        new_inf = incidence(p, s, i)
        s_next = s - new_inf
        e_next = e + new_inf - p.sigma * e
        i_next = i + p.sigma * e - p.gamma * i
        r_next = r + p.gamma * i
        return (s_next, e_next, i_next, r_next), p.sigma * e

    state0 = (1.0 - i0, 0.0, i0, 0.0)
    _, cases = jax.lax.scan(day, state0, None, length=DAYS)
    return cases


def loss(p, observed):
    return jnp.mean((jnp.log1p(1e4 * simulate(p)) - jnp.log1p(1e4 * observed)) ** 2)


def main():
    observed = simulate(truth())
    p = initial_guess()
    grad_fn = jax.jit(jax.value_and_grad(loss))
    for it in range(40):
        value, g = grad_fn(p, observed)
        p = jax.tree.map(lambda a, b: a - 0.005 * b, p, g)
    print("loss %.4f" % value, "beta %.3f gamma %.3f" % (p.beta, p.gamma))


if __name__ == "__main__":
    main()
