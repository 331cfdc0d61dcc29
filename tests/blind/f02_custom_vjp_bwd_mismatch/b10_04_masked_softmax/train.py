"""Train the attention layer to copy a shifted sequence."""
import jax
import jax.numpy as jnp

from tinyattn.layer import AttentionConfig, attend, init_attention

CFG = AttentionConfig()


def loss_fn(params, x, target):
    return jnp.mean((attend(params, x, CFG) - target) ** 2)


def train(steps=10, lr=0.1):
    kp, kx = jax.random.split(jax.random.key(1))
    params = init_attention(CFG, kp)
    x = jax.random.normal(kx, (4, 12, CFG.d_model))
    target = jnp.roll(x, 1, axis=1)
    grad_fn = jax.jit(jax.grad(loss_fn))
    for _ in range(steps):
        grads = grad_fn(params, x, target)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return loss_fn(params, x, target)


def main():
    print("loss", float(train()))


if __name__ == "__main__":
    main()
