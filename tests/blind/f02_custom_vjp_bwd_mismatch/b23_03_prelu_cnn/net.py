"""A two-conv image classifier with PReLU activations."""
import jax
import jax.numpy as jnp

from activations import prelu

DN = ("NHWC", "HWIO", "NHWC")


def conv(x, w):
    return jax.lax.conv_general_dilated(x, w, (1, 1), "SAME", dimension_numbers=DN)


def init(key, channels=(3, 8, 8), n_classes=4):
    k1, k2, k3 = jax.random.split(key, 3)
    return {
        "conv1": jax.random.normal(k1, (3, 3, channels[0], channels[1])) * 0.2,
        "a1": jnp.full((channels[1],), 0.25),
        "conv2": jax.random.normal(k2, (3, 3, channels[1], channels[2])) * 0.1,
        "a2": jnp.full((channels[2],), 0.25),
        "head": jax.random.normal(k3, (channels[2], n_classes)) * 0.1,
    }


def forward(params, images):
    h = prelu(conv(images, params["conv1"]), params["a1"])
    h = prelu(conv(h, params["conv2"]), params["a2"])
    return h.mean(axis=(1, 2)) @ params["head"]


def loss_fn(params, images, labels):
    logp = jax.nn.log_softmax(forward(params, images))
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))


@jax.jit
def train_step(params, images, labels):
    loss, grads = jax.value_and_grad(loss_fn)(params, images, labels)
    return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads), loss


def main():
    key = jax.random.key(0)
    images = jax.random.normal(key, (16, 12, 12, 3))
    labels = jax.random.randint(jax.random.key(1), (16,), 0, 4)
    params = init(jax.random.key(2))
    for _ in range(3):
        params, loss = train_step(params, images, labels)
    print("loss", float(loss))
    return loss


if __name__ == "__main__":
    main()
