from mtgp.linalg import matrix_transpose, total_logdet
from mtgp.model import GPHyper, rbf_gram, batch_nll

__all__ = ["matrix_transpose", "total_logdet", "GPHyper", "rbf_gram", "batch_nll"]
