"""Deep ensemble of small MLPs with a mean / log-variance head (notebook port)."""
import jax
import jax.numpy as jnp

from losses import ensemble_loss

N_MEMBERS = 4
D_IN, D_HIDDEN, D_OUT = 3, 16, 2


def init_member(key):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (D_IN, D_HIDDEN)) * 0.3,
        "b1": jnp.zeros(D_HIDDEN),
        "w2": jax.random.normal(k2, (D_HIDDEN, 2 * D_OUT)) * 0.3,
        "b2": jnp.zeros(2 * D_OUT),
    }


def member_apply(p, x):
    h = jnp.tanh(x @ p["w1"] + p["b1"])
    out = h @ p["w2"] + p["b2"]
    return out[:, :D_OUT], out[:, D_OUT:]


def member_grads(p, x, y):
    return jax.grad(lambda q: ensemble_loss(member_apply, q, x, y))(p)


def main():
    keys = jax.random.split(jax.random.PRNGKey(0), N_MEMBERS + 1)
    params = jax.vmap(init_member)(keys[:N_MEMBERS])
    x = jax.random.normal(keys[-1], (32, D_IN))
    y = jnp.stack([jnp.sin(x[:, 0]), jnp.cos(x[:, 1])], axis=1)
    grads = jax.vmap(member_grads, in_axes=(0, None, None))(params, x, y)
    lr = 1e-2
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    print("updated", {k: v.shape for k, v in params.items()})


if __name__ == "__main__":
    main()
