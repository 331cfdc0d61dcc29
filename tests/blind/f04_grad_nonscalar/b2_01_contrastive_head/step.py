from functools import partial

import jax
import jax.numpy as jnp

from head import ContrastiveHead

HEAD = ContrastiveHead(temperature=0.2)


@partial(jax.jit, static_argnames="lr")
def train_step(params, anchors, positives, lr=0.05):
    loss, grads = jax.value_and_grad(HEAD.loss)(params, anchors, positives)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss


def main(steps=5):
    k1, k2, k3 = jax.random.split(jax.random.key(11), 3)
    anchors = jax.random.normal(k1, (6, 8))
    positives = anchors + 0.1 * jax.random.normal(k2, (6, 8))
    params = {"proj": jax.random.normal(k3, (8, 4))}
    for _ in range(steps):
        params, loss = train_step(params, anchors, positives)
    print("contrastive loss", float(loss))
    return float(loss)


if __name__ == "__main__":
    main()
