#!/bin/sh
# Runs once, when the postgres container initialises an empty data volume: gives the app role
# (`kabuto_app`, which the API, worker, feed and gateway connect as) its login. Migration 0012
# finds the role here and grants it its privileges; it never sets a password itself. For a
# volume initialised before this script existed, run the same statement once by hand.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v password="$KABUTO_APP_PASSWORD" <<'SQL'
SELECT format('CREATE ROLE kabuto_app LOGIN PASSWORD %L', :'password') \gexec
SQL
