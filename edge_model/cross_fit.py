"""Which fold a dev sentence is in, for the edit judge's k-fold cross-fitting
(``python -m edge_model.edit_judge``) and its out-of-fold evaluation
(``python -m edge_model.evaluate --judge-folds``).

A set's sentences are cut into blocks of :data:`FOLD_BLOCK` consecutive sentences (an essay
or a web page mostly stays in one fold); block ``b`` is in fold ``b mod FOLDS``.
"""

FOLDS = 5
FOLD_BLOCK = 100  # consecutive dev sentences that share a fold


def fold_of(index: int, folds: int = FOLDS) -> int:
    """The fold of a dev set's ``index``-th sentence."""
    return (index // FOLD_BLOCK) % folds
