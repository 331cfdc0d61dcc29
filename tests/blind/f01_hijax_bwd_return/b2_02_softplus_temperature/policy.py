"""A tiny value model whose activation temperature is learned."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp

from ops import TemperedSoftplus


@dataclass
class ValueModel:
    w: jax.Array
    temperature: jax.Array

    def value(self, w, temperature, obs):
        h = obs @ w
        act = TemperedSoftplus(jax.typeof(h), jax.typeof(temperature))
        return act(h, temperature).mean(axis=-1)

    def td_loss(self, w, temperature, obs, target):
        return jnp.mean((self.value(w, temperature, obs) - target) ** 2)

    def update(self, obs, target, lr=0.1):
        gw, gt = jax.grad(self.td_loss, argnums=(0, 1))(self.w, self.temperature, obs, target)
        return ValueModel(self.w - lr * gw, self.temperature - lr * gt)


def main(steps=3):
    obs = jax.random.normal(jax.random.key(1), (8, 5))
    target = jnp.linspace(0.0, 1.0, 8)
    model = ValueModel(0.2 * jnp.ones((5, 4)), jnp.array(1.5))
    for _ in range(steps):
        model = model.update(obs, target)
    err = float(model.td_loss(model.w, model.temperature, obs, target))
    print("td error", err)
    return err


if __name__ == "__main__":
    main()
