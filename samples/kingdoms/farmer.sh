#!/bin/sh
# Kingdoms sample in POSIX sh: a peaceful farmer. It never attacks; it keeps its granary full,
# grows peasants and farming, and keeps one soldier per two peasants as a guard with arms to match.
# Started as: farmer.sh ROUNDS_LEFT TERRITORY SOLDIERS PEASANTS ARMS FARMING FOOD SPY
# and prints one action line.

if [ "$#" -ne 8 ]; then
    echo "usage: farmer.sh ROUNDS_LEFT TERRITORY SOLDIERS PEASANTS ARMS FARMING FOOD SPY" >&2
    echo s
    exit 0
fi
left=$1 soldiers=$3 peasants=$4 arms=$5 farming=$6 food=$7

need=$((soldiers + peasants))
crop=$((3 * peasants * (farming / 3)))

if [ "$crop" -gt 0 ] && [ "$food" -lt $((3 * need)) ]; then
    echo s                      # fewer than three rounds of food: harvest
elif [ "$farming" -lt 3 ]; then
    echo f                      # a harvest brings nothing below farming 3
elif [ "$peasants" -lt 2 ]; then
    echo r
elif [ $((2 * soldiers)) -lt "$peasants" ]; then
    echo v                      # the guard
elif [ $((arms / 3)) -lt $((farming / 3)) ]; then
    echo z
elif [ "$left" -gt 20 ] && [ $((farming / 3)) -lt 4 ] && [ "$peasants" -ge $((6 * (farming / 3))) ]; then
    echo f                      # more farming pays when there are many peasants to use it
else
    echo r
fi
