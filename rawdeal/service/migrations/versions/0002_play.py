"""games played in the browser: each game's seats (a person's token digest or a bot), its opening save
and the transcript so far

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('play_games',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('seats', sa.JSON(), nullable=False),
    sa.Column('seed', sa.Integer(), nullable=False),
    sa.Column('opening', sa.LargeBinary(), nullable=False),
    sa.Column('transcript', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['id'], ['games.id'], ),
    sa.PrimaryKeyConstraint('id')
    )


def downgrade() -> None:
    op.drop_table('play_games')
