#!/bin/bash
# Two copies of Cardhall play one online match under Xvfb (loopback only), for a look at real windows:
#   tests/manual/online_two_apps.sh GAME N OUT    (N = the game's key on the title: 1 everdawn, 2 evons, 3 essveil)
# A (display :91) hosts from its game menu (Play online -> Host), B (display :92) types the address and
# the code and joins; both then play random legal moves (tests/manual/online_autoplay.py). xdotool drives the
# menus and the typing; screenshots of both windows land in OUT/GAME/. Needs Xvfb, xdotool, ImageMagick.
GAME=$1; N=$2; OUTDIR=${3:-/tmp/nx}
cd "$(dirname "$0")/../.."
PY=.venv/bin/python
rm -rf $OUTDIR/$GAME; mkdir -p $OUTDIR/$GAME/a $OUTDIR/$GAME/b
Xvfb :91 -screen 0 1280x720x24 >/dev/null 2>&1 & XA=$!
Xvfb :92 -screen 0 1280x720x24 >/dev/null 2>&1 & XB=$!
sleep 1.5
DISPLAY=:91 SDL_AUDIODRIVER=dummy CARDHALL_HOME=$OUTDIR/$GAME/a CARDHALL_HOST_BIND=127.0.0.1 nice -n 5 $PY tests/manual/online_autoplay.py 11 > $OUTDIR/$GAME/a.log 2>&1 & A=$!
DISPLAY=:92 SDL_AUDIODRIVER=dummy CARDHALL_HOME=$OUTDIR/$GAME/b nice -n 5 $PY tests/manual/online_autoplay.py 22 > $OUTDIR/$GAME/b.log 2>&1 & B=$!
echo "pids X $XA $XB apps $A $B"
shot() { DISPLAY=$1 import -window root $OUTDIR/$GAME/$2.png; }
for D in :91 :92; do for i in $(seq 1 60); do DISPLAY=$D xwininfo -root -tree 2>/dev/null | grep -q '"Cardhall"' && break; sleep 0.5; done; done
sleep 3
for D in :91 :92; do DISPLAY=$D xdotool mousemove 5 5 click 1; sleep 0.3; DISPLAY=$D xdotool key $N; done
sleep 2; for D in :91 :92; do DISPLAY=$D xdotool key o; done
sleep 2
DISPLAY=:91 xdotool mousemove 357 142 click 1; sleep 0.3; DISPLAY=:91 xdotool key ctrl+a BackSpace; DISPLAY=:91 xdotool type --delay 40 "Ann"
DISPLAY=:92 xdotool mousemove 357 142 click 1; sleep 0.3; DISPLAY=:92 xdotool key ctrl+a BackSpace; DISPLAY=:92 xdotool type --delay 40 "Bo"
sleep 0.5; shot :92 b_online
DISPLAY=:91 xdotool mousemove 267 357 click 1
for i in $(seq 1 60); do
  CODE=$($PY -c "import json;print(json.load(open('$OUTDIR/$GAME/a/data/online.json'))['matches'][-1]['code'])" 2>/dev/null) && [ -n "$CODE" ] && break
  sleep 0.5
done
PORT=$($PY -c "import json;print(json.load(open('$OUTDIR/$GAME/a/data/online.json'))['matches'][-1]['server'].split(':')[1])")
echo "code $CODE port $PORT"
sleep 1; shot :91 a_hosting
DISPLAY=:92 xdotool mousemove 940 262 click 1; sleep 0.3; DISPLAY=:92 xdotool type --delay 40 "127.0.0.1:$PORT"
DISPLAY=:92 xdotool mousemove 880 310 click 1; sleep 0.3; DISPLAY=:92 xdotool type --delay 40 "${CODE:0:5}-${CODE:5}"
sleep 0.5; shot :92 b_join_typed
DISPLAY=:92 xdotool mousemove 1011 357 click 1
sleep 6; shot :91 a_table_early; shot :92 b_table_early
for i in $(seq 1 300); do  # at most ~25 minutes
  sleep 4
  if grep -q "finished" $OUTDIR/$GAME/a/data/online.json 2>/dev/null; then break; fi
  R=$($PY - <<PYEOF
import json,socket
from engine.net.client import list_matches
e=json.load(open('$OUTDIR/$GAME/a/data/online.json'))['matches'][-1]
try:
    it=list_matches('127.0.0.1',$PORT,[{"match":e["match"],"token":e["token"]}])[0]
    print("over" if it.get("result") else "turn %s"%it.get("turn"))
except Exception as ex: print("err",ex)
PYEOF
)
  echo "$i $R"
  [ "$i" = 10 ] && { shot :91 a_table_mid; shot :92 b_table_mid; }
  if [[ "$R" == over* ]]; then sleep 8; break; fi
done
shot :91 a_end; shot :92 b_end
kill $A $B; sleep 1; kill $XA $XB
