import jax
import jax.numpy as jnp

from heads import HEADS

D_MODEL = 8


def encoder(params, tokens):
    return jnp.tanh(params["embed"][tokens])


def init(key, head_names):
    keys = jax.random.split(key, len(head_names) + 1)
    params = {"embed": jax.random.normal(keys[0], (30, D_MODEL)) * 0.5}
    heads = {name: HEADS[name](D_MODEL) for name in head_names}
    for k, (name, head) in zip(keys[1:], heads.items()):
        params[name] = head.init(k)
    return params, heads


def total_loss(params, heads, batch):
    h = encoder(params, batch["tokens"])
    losses = {name: head.loss(params[name], h, batch) for name, head in heads.items()}
    return sum(losses.values())


def main(steps=10, lr=0.1):
    k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
    batch = {"tokens": jax.random.randint(k1, (6, 7), 0, 30),
             "tags": jax.random.randint(k2, (6, 7), 0, 5),
             "price": jax.random.normal(k3, (6,))}
    params, heads = init(jax.random.key(1), ["price", "tags"])
    for _ in range(steps):
        loss, grads = jax.value_and_grad(total_loss)(params, heads, batch)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    print(f"total loss {float(loss):.4f}")
    return float(loss)


if __name__ == "__main__":
    main()
