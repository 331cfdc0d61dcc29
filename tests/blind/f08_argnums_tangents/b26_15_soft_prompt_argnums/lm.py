"""A frozen toy language model and the loss of a soft prompt prepended to its input."""
import jax
import jax.numpy as jnp


def init_lm(key, vocab=32, dim=16):
    k1, k2, k3 = jax.random.split(key, 3)
    return {"embed": jax.random.normal(k1, (vocab, dim)) * 0.3,
            "mix": jax.random.normal(k2, (dim, dim)) / jnp.sqrt(dim),
            "unembed": jax.random.normal(k3, (dim, vocab)) / jnp.sqrt(dim)}


def prompt_lm_loss(frozen, prompt, tokens, targets):
    """Next-token loss with `prompt` (prompt_length, dim) prepended to every sequence."""
    x = frozen["embed"][tokens]
    x = jnp.concatenate([jnp.broadcast_to(prompt, (x.shape[0],) + prompt.shape), x], axis=1)
    h = jnp.tanh(jnp.cumsum(x, axis=1) @ frozen["mix"])
    logits = h[:, prompt.shape[0]:] @ frozen["unembed"]
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(logp, targets[..., None], axis=-1))
