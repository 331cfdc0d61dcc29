"""Simulate a stable system, then identify (A, B) from its trajectory."""
import jax
import jax.numpy as jnp

from sysid.config import SysIdConfig
from sysid.params import create_system
from sysid.trainer import train_step

CFG = SysIdConfig()


def simulate(n_steps=60, seed=0):
    ka, kb, ku = jax.random.split(jax.random.key(seed), 3)
    a_true = 0.9 * jnp.linalg.qr(jax.random.normal(ka, (CFG.n_state, CFG.n_state)))[0]
    b_true = jax.random.normal(kb, (CFG.n_state, CFG.n_input))
    inputs = jax.random.normal(ku, (n_steps, CFG.n_input))

    def f(x, u):
        x_next = a_true @ x + b_true @ u
        return x_next, x

    _, states = jax.lax.scan(f, jnp.zeros(CFG.n_state), inputs)
    return states, inputs


def identify(epochs=30):
    states, inputs = simulate()
    system = create_system(CFG, jax.random.key(1))
    for _ in range(epochs):
        loss = train_step(system, states, inputs, CFG.lr)
    return float(loss)


def main():
    print("one-step loss", identify())


if __name__ == "__main__":
    main()
