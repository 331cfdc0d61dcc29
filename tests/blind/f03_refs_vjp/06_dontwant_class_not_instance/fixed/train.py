import jax
import jax.numpy as jnp

from critic import td_error


def update(w_ref, baseline_ref, states, returns, lr=0.1):
    loss, vjp_fn = jax.vjp(td_error, w_ref, baseline_ref, states, returns)
    w_grad = jax.new_ref(jnp.zeros_like(w_ref[...]))
    skip = jax.ad.DontWant()
    vjp_fn.with_refs(w_grad, skip, skip, skip)(jnp.ones_like(loss))
    w_ref[...] -= lr * w_grad[...]
    return loss


def main():
    w_ref = jax.new_ref(jnp.zeros(4))
    baseline_ref = jax.new_ref(jnp.float32(0.5))
    states = jnp.eye(4)
    returns = jnp.array([1.0, 0.0, 2.0, 1.0])
    losses = [float(update(w_ref, baseline_ref, states, returns)) for _ in range(4)]
    print(losses)
    return losses


if __name__ == "__main__":
    main()
