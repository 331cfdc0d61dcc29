import jax
import jax.numpy as jnp

from state import RefLinear


def sgd_step(model, x, y, lr=0.1):
    loss, f_vjp = jax.vjp(model.loss, model.w_ref, x, y)
    w_grad = jax.new_ref(jnp.zeros_like(model.w_ref[...]))
    f_vjp.with_refs(w_grad, jax.ad.DontWant(), jax.ad.DontWant())(jnp.ones_like(loss))
    model.w_ref[...] -= lr * w_grad[...]
    return loss


def main(steps=5):
    model = RefLinear(3, 1, jax.random.key(0))
    x = jax.random.normal(jax.random.key(1), (20, 3))
    y = x @ jnp.array([[1.0], [2.0], [-1.0]])
    losses = [float(sgd_step(model, x, y)) for _ in range(steps)]
    print(losses)
    return losses


if __name__ == "__main__":
    main()
