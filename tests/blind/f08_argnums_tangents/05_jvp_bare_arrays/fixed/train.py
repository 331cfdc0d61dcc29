import jax
import jax.numpy as jnp

from fluid import drag_force


def linear_response(v, dv):
    return jax.jvp(drag_force, (v,), (dv,))[1]


def main():
    v = jnp.array([10.0, 0.0, -2.0])
    dv = jnp.array([0.0, 1.0, 0.0])
    resp = linear_response(v, dv)
    print(resp)
    return resp


if __name__ == "__main__":
    main()
