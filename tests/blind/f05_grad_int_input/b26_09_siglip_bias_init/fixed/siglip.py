"""Two linear towers trained with the sigmoid pairwise loss of SigLIP (Zhai et al., 2023)."""
import jax
import jax.numpy as jnp


def init_params(key, cfg):
    ki, kt = jax.random.split(key)
    return {
        "img_proj": jax.random.normal(ki, (cfg.image_dim, cfg.embed_dim)) / jnp.sqrt(cfg.image_dim),
        "txt_proj": jax.random.normal(kt, (cfg.text_dim, cfg.embed_dim)) / jnp.sqrt(cfg.text_dim),
        "t_prime": jnp.log(cfg.temperature_init),
        "bias": jnp.asarray(cfg.bias_init, dtype=jnp.float32),
    }


def l2_normalize(x, eps=1e-6):
    return x / (jnp.linalg.norm(x, axis=-1, keepdims=True) + eps)


def sigmoid_loss(params, images, texts):
    zimg = l2_normalize(images @ params["img_proj"])
    ztxt = l2_normalize(texts @ params["txt_proj"])
    logits = zimg @ ztxt.T * jnp.exp(params["t_prime"]) + params["bias"]
    n = logits.shape[0]
    labels = 2.0 * jnp.eye(n) - 1.0
    return -jnp.sum(jax.nn.log_sigmoid(labels * logits)) / n
