"""a browser game's moves one row a move (a move adds a row instead of rewriting the whole history); the
moves of games begun before are copied in, their transcript so far staying in play_games

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('play_moves',
    sa.Column('game_id', sa.String(length=32), nullable=False),
    sa.Column('n', sa.Integer(), nullable=False),
    sa.Column('move', sa.Text(), nullable=False),
    sa.Column('printed', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['play_games.id'], ),
    sa.PrimaryKeyConstraint('game_id', 'n')
    )
    games = sa.table('games', sa.column('id', sa.String), sa.column('moves', sa.JSON))
    play = sa.table('play_games', sa.column('id', sa.String))
    moves = sa.table('play_moves', sa.column('game_id', sa.String), sa.column('n', sa.Integer),
                     sa.column('move', sa.Text), sa.column('printed', sa.Text))
    conn = op.get_bind()
    rows = conn.execute(sa.select(games.c.id, games.c.moves).join(play, play.c.id == games.c.id)).all()
    copied = [{"game_id": gid, "n": n, "move": move, "printed": ""} for gid, history in rows
              for n, move in enumerate(history or [])]
    if copied:
        conn.execute(moves.insert(), copied)


def downgrade() -> None:
    op.drop_table('play_moves')
