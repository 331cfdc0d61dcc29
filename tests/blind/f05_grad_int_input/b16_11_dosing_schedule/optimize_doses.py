"""Adjust individual doses so the concentration stays near the target."""
import jax
import jax.numpy as jnp

from pk import concentration
from regimen import Regimen, initial_schedule


class DoseOptimizer:
    def __init__(self, reg: Regimen, lr=50.0):
        self.reg, self.lr = reg, lr
        self.dose_times = jnp.arange(reg.n_doses) * reg.interval
        self.t = jnp.linspace(0.0, reg.horizon, 241)
        self._value_and_grad = jax.value_and_grad(self.loss)

    def loss(self, doses):
        c = concentration(doses, self.dose_times, self.t)
        late = self.t > self.reg.interval
        return jnp.mean(jnp.where(late, (c - self.reg.target) ** 2, 0.0))

    def step(self, doses):
        value, g = self._value_and_grad(doses)
        return jnp.maximum(doses - self.lr * g, 0.0), value

    def run(self, n_iter):
        doses = initial_schedule(self.reg)
        for _ in range(n_iter):
            doses, value = self.step(doses)
        return doses, value


def main():
    doses, value = DoseOptimizer(Regimen()).run(100)
    print("doses (mg):", doses, "loss", float(value))


if __name__ == "__main__":
    main()
