"""Margins of error from the Fisher information at the optimum.

With edge weights ``c_ij = (W_ij / k) p_ij (1 - p_ij)`` (``k`` = `margin_weight_scale`, so a
game of the newest bucket counts as one game) the information matrix is the weighted Laplacian
``I = L(c)``. A margin in rating points is ``width * s * sigma_i`` with ``s = scale / ln(base)``.

- Diagonal: ``sigma_i^2 = 1 / I_ii``.
- Full: ``sigma_i^2 = (Sigma_a)_ii`` where ``Sigma_a`` is the covariance of the anchored
  estimate (constraint ``a^T theta = 0``, ``a`` = game-count shares, ``sum a = 1``). With
  ``M = I + a a^T`` (non-singular) one has ``Sigma_a = M^-1 - 1 1^T``: it satisfies
  ``I Sigma_a = I - a 1^T`` and ``a^T Sigma_a = 0``, which fix it uniquely. Small problems
  invert ``M`` densely; large ones ground node ``r`` (``Sigma_r = I_rr^-1``, sparse LU) and use
  ``(Sigma_a)_ii = (Sigma_r)_ii - 2 (Sigma_r a)_i + a^T Sigma_r a``, computing the diagonal of
  ``Sigma_r`` by block solves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from ratinglist.errors import RatingError
from ratinglist.rating.newton import Pairs

if TYPE_CHECKING:
    import scipy.sparse as sp

DENSE_LIMIT = 3000
BLOCK = 512


def laplacian(pairs: Pairs, c: NDArray[np.float64]) -> sp.csc_matrix:
    """The weighted Laplacian ``L(c)`` as a sparse matrix."""
    import scipy.sparse as sp  # scipy is imported at the first rating, not with the site

    n = pairs.n
    rows = np.concatenate([pairs.i, pairs.j, np.arange(n)])
    cols = np.concatenate([pairs.j, pairs.i, np.arange(n)])
    diag = np.bincount(pairs.i, c, n) + np.bincount(pairs.j, c, n)
    data = np.concatenate([-c, -c, diag])
    return sp.csc_matrix((data, (rows, cols)), shape=(n, n))


def diagonal_variances(pairs: Pairs, c: NDArray[np.float64]) -> NDArray[np.float64]:
    """``1 / I_ii`` for each player (natural units squared)."""
    diag = np.bincount(pairs.i, c, pairs.n) + np.bincount(pairs.j, c, pairs.n)
    return 1.0 / diag


def full_variances(
    pairs: Pairs, c: NDArray[np.float64], shares: NDArray[np.float64]
) -> NDArray[np.float64]:
    """``(Sigma_a)_ii``: the anchored covariance diagonal (natural units squared)."""
    import scipy.linalg
    import scipy.sparse.linalg as spla

    lap = laplacian(pairs, c)
    n = pairs.n
    if n <= DENSE_LIMIT:
        m = lap.toarray() + np.outer(shares, shares)
        try:
            factor = scipy.linalg.cho_factor(m)
            inverse = scipy.linalg.cho_solve(factor, np.eye(n))
        except scipy.linalg.LinAlgError as error:
            raise RatingError(
                f"expected a positive definite information matrix: {error}"
            ) from error
        variances: NDArray[np.float64] = np.diag(inverse) - 1.0
        return np.maximum(variances, 0.0)
    root = int(np.argmax(lap.diagonal()))
    keep = np.flatnonzero(np.arange(n) != root)
    grounded = lap[keep][:, keep].tocsc()
    try:
        lu = spla.splu(grounded, permc_spec="MMD_AT_PLUS_A")
    except RuntimeError as error:
        raise RatingError(
            f"expected a non-singular grounded information matrix: {error}"
        ) from error
    a = shares[keep]
    sigma_a = lu.solve(a)
    a_sigma_a = float(a @ sigma_a)
    diag = np.empty(n - 1)
    for start in range(0, n - 1, BLOCK):
        stop = min(start + BLOCK, n - 1)
        block = np.zeros((n - 1, stop - start))
        block[np.arange(start, stop), np.arange(stop - start)] = 1.0
        solved = lu.solve(block)
        diag[start:stop] = solved[np.arange(start, stop), np.arange(stop - start)]
    result = np.empty(n)
    result[keep] = diag - 2.0 * sigma_a + a_sigma_a
    result[root] = a_sigma_a
    return np.maximum(result, 0.0)
