import jax
import jax.numpy as jnp

from forecast.model import features, squared_error
from forecast.store import ParamStore


def update(store, x, demand, lr=0.01):
    store.reset_grads()
    loss, f_vjp = jax.vjp(squared_error, store.refs, x, demand)
    f_vjp.with_refs(store.grads, jax.ad.DontWant(), jax.ad.DontWant())(jnp.ones_like(loss))
    store.apply(lr)
    return loss


def main(days=5):
    store = ParamStore(jnp.zeros(4), jnp.array(1.0))
    key = jax.random.key(0)
    for day in range(days):
        key, sub = jax.random.split(key)
        hour = jnp.arange(24.0)
        temp = 12.0 + 10.0 * jnp.sin((hour - 8.0) / 24.0 * 2 * jnp.pi) + jax.random.normal(sub, (24,))
        demand = 1.0 + 0.04 * jnp.maximum(temp - 18.0, 0.0) + 0.3 * jnp.sin(2 * jnp.pi * hour / 24.0)
        loss = update(store, features(hour, temp), demand)
        print(f"day {day}: mse {float(loss):.4f}")
    return loss


if __name__ == "__main__":
    main()
