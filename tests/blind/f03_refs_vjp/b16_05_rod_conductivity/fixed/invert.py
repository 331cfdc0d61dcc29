"""Recover segment conductivities from the temperature profile after a heat pulse."""
import jax
import jax.numpy as jnp

from rod import Rod


def initial_profile(n=21):
    x = jnp.linspace(0.0, 1.0, n)
    return jnp.exp(-((x - 0.3) / 0.05) ** 2)


class Inverter:
    def __init__(self, rod, lr=20.0):
        self.rod, self.lr = rod, lr

    def step(self, temp0, observed):
        value, f_vjp = jax.vjp(self.rod.misfit, self.rod.k_ref, temp0, observed)
        g_ref = jax.new_ref(jnp.zeros_like(self.rod.k_ref[...]))
        f_vjp.with_refs(g_ref, jax.ad.DontWant(), jax.ad.DontWant())(jnp.ones_like(value))
        self.rod.k_ref[...] = self.rod.k_ref[...] - self.lr * g_ref[...]
        return value


def run(n_iter=10):
    temp0 = initial_profile()
    truth = Rod(jnp.where(jnp.arange(20) < 10, 1.0, 0.4))
    observed = truth.simulate(truth.k_ref, temp0)
    model = Rod(jnp.full(20, 0.7))
    inverter = Inverter(model)
    for _ in range(n_iter):
        value = inverter.step(temp0, observed)
    return model.k_ref[...], value


def main():
    k, value = run()
    print("misfit", float(value), "k", k)


if __name__ == "__main__":
    main()
