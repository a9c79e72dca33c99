// A class database written before a column was added opens with that column and keeps its
// rows: a laptop that ran a class with an older version can run the next one.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClassDb } from '../../src/server/db';
import { ADDED_COLUMNS } from '../../src/server/dbSchema';

describe('the class database', () => {
  it('adds the columns an older database lacks, keeping its rows', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tal-db-')), 'old.sqlite');
    const old = new Database(file);
    old.exec(`CREATE TABLE attempts (
      room TEXT NOT NULL, challenge_id TEXT NOT NULL, student TEXT NOT NULL,
      tries INTEGER NOT NULL, passed INTEGER NOT NULL, best REAL,
      last_value REAL NOT NULL, last_pass INTEGER NOT NULL, at INTEGER NOT NULL,
      PRIMARY KEY (room, challenge_id, student)) WITHOUT ROWID`);
    old
      .prepare('INSERT INTO attempts VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run('ABCDE', 'buf90', 's1', 2, 1, 250, 300, 1, 1);
    old.close();

    const db = new ClassDb(file);
    for (const c of ADDED_COLUMNS) {
      const cols = (db.db.pragma(`table_info(${c.table})`) as { name: string }[]).map(
        (x) => x.name,
      );
      expect(cols).toContain(c.column);
    }
    expect(db.attemptsOf('ABCDE', 'buf90')).toEqual([
      {
        challengeId: 'buf90',
        student: 's1',
        tries: 2,
        passed: true,
        best: 250,
        lastValue: 300,
        lastPass: true,
      },
    ]);
    // The old row's seq is 0: the student's next attempt (seq 1) counts.
    const row = db.putAttempt({
      room: 'ABCDE',
      challengeId: 'buf90',
      student: 's1',
      value: 200,
      pass: true,
      better: 'lower',
      at: 2,
      seq: 1,
    });
    expect(row).toMatchObject({ tries: 3, best: 200 });
    db.close();
    // Opened again, nothing is added twice.
    new ClassDb(file).close();
  });
});
