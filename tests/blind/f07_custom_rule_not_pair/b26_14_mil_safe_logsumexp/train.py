"""Trains the MIL classifier on padded bags of varying size."""
import jax
import jax.numpy as jnp

from mil import bag_logits, bag_loss, init


def make_bags(key, n_bags=48, max_instances=6, d=5):
    kx, kn = jax.random.split(key)
    bags = jax.random.normal(kx, (n_bags, max_instances, d))
    sizes = jax.random.randint(kn, (n_bags,), 1, max_instances + 1)
    mask = jnp.arange(max_instances)[None] < sizes[:, None]
    labels = jnp.any((bags[..., 0] > 1.2) & mask, axis=-1).astype(jnp.float32)
    return bags, mask, labels


grad_fn = jax.jit(jax.value_and_grad(bag_loss))


def run(steps=30, lr=0.3):
    bags, mask, labels = make_bags(jax.random.key(0))
    params = init(jax.random.key(1), bags.shape[-1])
    for _ in range(steps):
        loss, grads = grad_fn(params, bags, mask, labels)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    acc = jnp.mean((bag_logits(params, bags, mask) > 0) == (labels > 0))
    return float(loss), float(acc)


def main():
    loss, acc = run()
    print(f"loss {loss:.3f}  bag accuracy {acc:.3f}")


if __name__ == "__main__":
    main()
