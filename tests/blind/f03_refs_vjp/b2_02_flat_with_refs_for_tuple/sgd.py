import jax
import jax.numpy as jnp

from affine import affine_loss

LR = 0.2


class InPlaceSGD:
    def __init__(self, w, b):
        self.layer = (jax.new_ref(w), jax.new_ref(b))

    def step(self, x, y):
        w_ref, b_ref = self.layer
        w_grad = jax.new_ref(jnp.zeros_like(w_ref[...]))
        b_grad = jax.new_ref(jnp.zeros_like(b_ref[...]))
        loss, f_vjp = jax.vjp(affine_loss, self.layer, x, y)
        f_vjp.with_refs(w_grad, b_grad, jax.ad.DontWant(), jax.ad.DontWant())(jnp.ones_like(loss))
        w_ref[...] -= LR * w_grad[...]
        b_ref[...] -= LR * b_grad[...]
        return loss


def main(steps=10):
    x = jax.random.normal(jax.random.key(5), (24, 2))
    y = x @ jnp.array([[1.0], [-2.0]]) + 0.5
    opt = InPlaceSGD(jnp.zeros((2, 1)), jnp.zeros(1))
    for _ in range(steps):
        loss = opt.step(x, y)
    print("loss", float(loss))
    return float(loss)


if __name__ == "__main__":
    main()
