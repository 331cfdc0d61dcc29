import jax
import jax.numpy as jnp

from accum import GradBuffer


def probe_loss(w_ref, x, y):
    pred = (x.astype(jnp.bfloat16) @ w_ref[...]).astype(jnp.float32)
    return jnp.mean((pred - y) ** 2)


def accumulate(w_ref, buf, batches):
    buf.reset()
    for x, y in batches:
        loss, pull = jax.vjp(probe_loss, w_ref, x, y)
        pull.with_refs(buf.ref, jax.ad.DontWant(), jax.ad.DontWant())(jnp.ones_like(loss))
    return buf.mean(len(batches))


def main(rounds=3):
    w_ref = jax.new_ref(jnp.zeros((4, 1), jnp.bfloat16))
    buf = GradBuffer((4, 1))
    keys = jax.random.split(jax.random.key(9), 4)
    batches = [(x := jax.random.normal(k, (8, 4)), x.sum(axis=1, keepdims=True)) for k in keys]
    for _ in range(rounds):
        g = accumulate(w_ref, buf, batches)
        w_ref[...] -= (0.1 * g).astype(jnp.bfloat16)
    print("w", w_ref[...].ravel())
    return w_ref[...]


if __name__ == "__main__":
    main()
