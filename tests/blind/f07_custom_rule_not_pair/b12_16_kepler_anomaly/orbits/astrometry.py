"""Sky-plane position of a companion from Campbell elements."""
import jax.numpy as jnp

from orbits.kepler import eccentric_anomaly


def sky_position(elements, t):
    P, tp, e, a, omega, Omega, inc = (elements[k] for k in
                                      ("P", "tp", "e", "a", "omega", "Omega", "inc"))
    M = 2.0 * jnp.pi * (t - tp) / P
    E = eccentric_anomaly(M, e)
    X = a * (jnp.cos(E) - e)
    Y = a * jnp.sqrt(1.0 - e ** 2) * jnp.sin(E)
    x_orb = X * jnp.cos(omega) - Y * jnp.sin(omega)
    y_orb = X * jnp.sin(omega) + Y * jnp.cos(omega)
    ra = x_orb * jnp.cos(Omega) - y_orb * jnp.cos(inc) * jnp.sin(Omega)
    dec = x_orb * jnp.sin(Omega) + y_orb * jnp.cos(inc) * jnp.cos(Omega)
    return jnp.stack([ra, dec], axis=-1)
