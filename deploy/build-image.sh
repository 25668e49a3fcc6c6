#!/usr/bin/env bash
# Builds the container image of deploy/Dockerfile with docker or podman, whichever is here and
# working; says so and exits 2 when neither is. Usage: bash deploy/build-image.sh [TAG]
# (default kontrakt:dev). Then: docker run -d -p 3000:3000 -v kontrakt-data:/data TAG
set -euo pipefail
cd "$(dirname "$0")/.."
tag="${1:-kontrakt:dev}"

engine=""
if command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
    engine=docker
elif command -v podman >/dev/null 2>&1 && podman info >/dev/null 2>&1; then
    engine=podman
fi
if [[ -z "$engine" ]]; then
    echo "build-image.sh: no working docker or podman here (not installed, or its daemon is" \
        "not running); nothing was built." >&2
    exit 2
fi

echo "build-image.sh: building $tag with $engine" >&2
# The Dockerfile's cache mounts need BuildKit (podman supports them natively).
DOCKER_BUILDKIT=1 "$engine" build -f deploy/Dockerfile -t "$tag" .
echo "build-image.sh: built $tag; run it with:" >&2
echo "  $engine run -d -p 3000:3000 -v kontrakt-data:/data $tag" >&2
