"""Cross-well survey geometry on a regular grid of cells."""
import numpy as np


def crosswell_lengths(nx=6, nz=5, n_src=4, n_rec=5, width=1.0, depth=1.0):
    """Approximate length of each source-receiver ray in each cell by dense sampling."""
    src = np.stack([np.zeros(n_src), np.linspace(0.1, 0.9, n_src) * depth], 1)
    rec = np.stack([np.full(n_rec, width), np.linspace(0.1, 0.9, n_rec) * depth], 1)
    rows = []
    for s in src:
        for r in rec:
            t = np.linspace(0.0, 1.0, 400)[:, None]
            pts = s + t * (r - s)
            seg = np.linalg.norm(r - s) / 400
            ix = np.clip((pts[:, 0] / width * nx).astype(int), 0, nx - 1)
            iz = np.clip((pts[:, 1] / depth * nz).astype(int), 0, nz - 1)
            row = np.zeros(nx * nz)
            np.add.at(row, iz * nx + ix, seg)
            rows.append(row)
    return np.asarray(rows, dtype=np.float32)
