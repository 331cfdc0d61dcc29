import jax
import jax.numpy as jnp

from nets import discriminator_loss, generator_loss, mlp_init, ring_batch

BATCH = 256
LATENT = 4
LR_D, LR_G = 2e-3, 2e-3
STEPS = 200


def sgd(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


@jax.jit
def train_step(d_params, g_params, key):
    k_real, k_z1, k_z2 = jax.random.split(key, 3)
    real = ring_batch(k_real, BATCH)
    z = jax.random.normal(k_z1, (BATCH, LATENT))
    d_loss, d_grads = jax.value_and_grad(discriminator_loss)(d_params, g_params, real, z)
    d_params = sgd(d_params, d_grads, LR_D)
    z = jax.random.normal(k_z2, (BATCH, LATENT))
    g_loss, g_grads = jax.value_and_grad(generator_loss)(g_params, d_params, z)
    g_params = sgd(g_params, g_grads, LR_G)
    return d_params, g_params, d_loss, g_loss


def main():
    key = jax.random.PRNGKey(0)
    kd, kg, key = jax.random.split(key, 3)
    d_params = mlp_init(kd, [2, 64, 64, 1])
    g_params = mlp_init(kg, [LATENT, 64, 64, 2])
    for step in range(STEPS):
        key, sub = jax.random.split(key)
        d_params, g_params, d_loss, g_loss = train_step(d_params, g_params, sub)
        if step % 50 == 0:
            print(f"step {step}: D {float(d_loss):.3f}  G {float(g_loss):.3f}")
    return d_params, g_params


if __name__ == "__main__":
    main()
