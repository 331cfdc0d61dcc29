"""Train query/document towers with in-batch negatives and a learned temperature."""
from functools import partial

import jax
import jax.numpy as jnp

from config import SETTINGS
from towers import in_batch_softmax_loss, init_temperature, init_towers


def click_log(key, n=32, q_len=4, d_len=6):
    k1, k2 = jax.random.split(key)
    q_ids = jax.random.randint(k1, (n, q_len), 0, SETTINGS["query_vocab"])
    d_ids = (q_ids[:, :1] * 3 + jax.random.randint(k2, (n, d_len), 0, 5)) % SETTINGS["doc_vocab"]
    return q_ids, d_ids


def make_update(settings):
    argnums = (0, 1) if settings["learn_temperature"] else 0
    grad_fn = jax.value_and_grad(in_batch_softmax_loss, argnums=argnums)

    @jax.jit
    def update(towers, temperature, q_ids, d_ids):
        loss, (g_towers, g_temp) = grad_fn(towers, temperature, q_ids, d_ids)
        towers = jax.tree.map(lambda p, g: p - settings["lr"] * g, towers, g_towers)
        return towers, temperature - settings["lr"] * g_temp, loss

    return update


def main():
    towers = init_towers(jax.random.key(0), SETTINGS)
    temperature = init_temperature(SETTINGS)
    update = make_update(SETTINGS)
    for epoch in range(SETTINGS["epochs"]):
        q_ids, d_ids = click_log(jax.random.key(epoch + 1))
        towers, temperature, loss = update(towers, temperature, q_ids, d_ids)
        print(f"epoch {epoch}: loss {float(loss):.3f} temperature {float(temperature):.3f}")
    return float(temperature)


if __name__ == "__main__":
    main()
