"""Which time steps of the input drive the last output? (seminar project, week 6)

Ported from our PyTorch notebook: out.backward(grad) -> jax.vjp.
"""
import jax
import jax.numpy as jnp

from rnn import init_rnn, rnn

T, N_IN, N_HIDDEN = 12, 3, 8


def input_saliency(params, xs, h0):
    (outputs, h_n), vjp_fn = jax.vjp(lambda xs: rnn(params, xs, h0), xs)
    seed = jnp.zeros_like(outputs).at[-1].set(1.0)
    (d_xs,) = vjp_fn((seed, jnp.zeros_like(h_n)))
    return jnp.linalg.norm(d_xs, axis=-1)


def main():
    kp, kx = jax.random.split(jax.random.key(0))
    params = init_rnn(kp, N_IN, N_HIDDEN)
    xs = jax.random.normal(kx, (T, N_IN))
    sal = input_saliency(params, xs, jnp.zeros(N_HIDDEN))
    print("saliency per time step:")
    for t, s in enumerate(sal):
        print(f"  t={t:2d}  {float(s):.4f}")
    return sal


if __name__ == "__main__":
    main()
