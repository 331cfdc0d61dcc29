"""Train query and item towers on synthetic click pairs."""

import jax
import jax.numpy as jnp

from objectives import compose

EXPERIMENT = {
    "dims": {"query": 12, "item": 10, "embed": 8},
    "loss_terms": [("in_batch_softmax", 1.0)],
    "lr": 0.1,
    "steps": 15,
}


class RetrievalTrainer:
    def __init__(self, experiment):
        self.exp = experiment
        loss = compose(experiment["loss_terms"])
        self.grad_fn = jax.jit(jax.value_and_grad(loss, has_aux=True))

    def init(self, key):
        d = self.exp["dims"]
        k1, k2 = jax.random.split(key)
        return {
            "query_tower": jax.random.normal(k1, (d["query"], d["embed"])) / jnp.sqrt(d["query"]),
            "item_tower": jax.random.normal(k2, (d["item"], d["embed"])) / jnp.sqrt(d["item"]),
        }

    def train(self, params, batches):
        history = []
        for batch in batches:
            (loss, logs), grads = self.grad_fn(params, batch)
            params = jax.tree.map(lambda p, g: p - self.exp["lr"] * g, params, grads)
            history.append(float(loss))
        return params, history


def click_batches(key, n, size=32):
    mix = jax.random.normal(key, (12, 10))
    for i in range(n):
        query = jax.random.normal(jax.random.fold_in(key, i), (size, 12))
        yield {"query": query, "item": jnp.tanh(query @ mix)}


def main():
    trainer = RetrievalTrainer(EXPERIMENT)
    key = jax.random.PRNGKey(11)
    params = trainer.init(key)
    params, history = trainer.train(params, click_batches(jax.random.fold_in(key, 1), EXPERIMENT["steps"]))
    print("loss:", history[0], "->", history[-1])
    return history


if __name__ == "__main__":
    main()
