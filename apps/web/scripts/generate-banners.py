# Generates the Top banners (public/banners/*.svg): desktop 1200x400 and mobile 750x600 art, no text (captions are HTML from the locale files).
# Run: python3 apps/web/scripts/generate-banners.py
import math, random
import os
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'public', 'banners') + '/'

def card(x, y, w, h, rot, c1, c2, accent, seed):
    r = random.Random(seed)
    # a trading card: frame, art window with gradient and a gem, text bars
    s = f'<g transform="translate({x} {y}) rotate({rot})">'
    s += f'<rect x="{-w/2+6}" y="{-h/2+10}" width="{w}" height="{h}" rx="{w*0.07}" fill="#000" opacity="0.28"/>'
    s += f'<rect x="{-w/2}" y="{-h/2}" width="{w}" height="{h}" rx="{w*0.07}" fill="url(#{c1})" stroke="#fff" stroke-opacity="0.85" stroke-width="3"/>'
    iw, ih = w*0.84, h*0.52
    s += f'<rect x="{-iw/2}" y="{-h/2+w*0.08}" width="{iw}" height="{ih}" rx="{w*0.04}" fill="url(#{c2})"/>'
    cx, cy = 0, -h/2 + w*0.08 + ih/2
    g = w*0.22
    s += f'<path d="M{cx-g} {cy-g*0.3} L{cx-g*0.55} {cy-g*0.9} L{cx+g*0.55} {cy-g*0.9} L{cx+g} {cy-g*0.3} L{cx} {cy+g} Z" fill="#fff" opacity="0.92"/>'
    s += f'<path d="M{cx-g} {cy-g*0.3} L{cx+g} {cy-g*0.3} L{cx} {cy+g} Z" fill="{accent}" opacity="0.55"/>'
    for i in range(5):
        a = r.uniform(0, 6.28); d = r.uniform(g*1.3, iw*0.45)
        s += star(cx + math.cos(a)*d*0.9, cy + math.sin(a)*d*0.5, r.uniform(3, 7), '#fff', 0.9)
    by = -h/2 + w*0.08 + ih + h*0.06
    s += f'<rect x="{-iw/2}" y="{by}" width="{iw*0.7}" height="{h*0.05}" rx="{h*0.025}" fill="#fff" opacity="0.85"/>'
    s += f'<rect x="{-iw/2}" y="{by+h*0.09}" width="{iw}" height="{h*0.035}" rx="{h*0.017}" fill="#fff" opacity="0.45"/>'
    s += f'<rect x="{-iw/2}" y="{by+h*0.15}" width="{iw*0.85}" height="{h*0.035}" rx="{h*0.017}" fill="#fff" opacity="0.45"/>'
    s += f'<circle cx="{iw/2-h*0.04}" cy="{h/2-h*0.08}" r="{h*0.045}" fill="{accent}" stroke="#fff" stroke-width="2"/>'
    s += f'<rect x="{-w/2}" y="{-h/2}" width="{w}" height="{h}" rx="{w*0.07}" fill="url(#shine)"/>'
    s += '</g>'
    return s

def star(x, y, r, color, op=1.0):
    pts = []
    for i in range(8):
        a = i * math.pi / 4 - math.pi/2
        rr = r if i % 2 == 0 else r*0.28
        pts.append(f'{x+math.cos(a)*rr:.1f},{y+math.sin(a)*rr:.1f}')
    return f'<polygon points="{" ".join(pts)}" fill="{color}" opacity="{op}"/>'

def gem(x, y, s, fill, op=1.0, rot=0):
    return (f'<g transform="translate({x} {y}) rotate({rot}) scale({s})" opacity="{op}">'
            '<path d="M-20 -6 L-11 -18 L11 -18 L20 -6 L0 22 Z" fill="url(#%s)"/>'
            '<path d="M-20 -6 L20 -6 L0 22 Z" fill="#000" opacity="0.16"/>'
            '<path d="M-11 -18 L-5 -6 L0 -18 Z M11 -18 L5 -6 L0 -18 Z" fill="#fff" opacity="0.6"/>'
            '<path d="M-20 -6 L-5 -6 L0 22 Z" fill="#fff" opacity="0.25"/></g>') % fill

def defs(bg1, bg2, bg3):
    return f'''<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="{bg1}"/><stop offset="0.55" stop-color="{bg2}"/><stop offset="1" stop-color="{bg3}"/></linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
<linearGradient id="shine" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="0.35" stop-color="#fff" stop-opacity="0"/><stop offset="0.65" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#fff" stop-opacity="0.18"/></linearGradient>
<linearGradient id="cv1" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#8f6bff"/><stop offset="1" stop-color="#3b1fa8"/></linearGradient>
<linearGradient id="cv2" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#35e0ff"/><stop offset="1" stop-color="#6a4dff"/></linearGradient>
<linearGradient id="cp1" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff6fa8"/><stop offset="1" stop-color="#b0125a"/></linearGradient>
<linearGradient id="cp2" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffd36b"/><stop offset="1" stop-color="#ff5b8a"/></linearGradient>
<linearGradient id="cg1" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffe27a"/><stop offset="1" stop-color="#d88400"/></linearGradient>
<linearGradient id="cg2" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff5c2"/><stop offset="1" stop-color="#ff9f1a"/></linearGradient>
<linearGradient id="gemA" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#49ecff"/><stop offset="0.55" stop-color="#7b4dff"/><stop offset="1" stop-color="#ff3d9a"/></linearGradient>
<linearGradient id="gemB" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff3a0"/><stop offset="0.5" stop-color="#ffc21a"/><stop offset="1" stop-color="#ff7a00"/></linearGradient>
<linearGradient id="gemC" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffd1e6"/><stop offset="0.5" stop-color="#ff2e7e"/><stop offset="1" stop-color="#8a1fff"/></linearGradient>
<linearGradient id="fade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.45"/><stop offset="0.55" stop-color="#000" stop-opacity="0"/></linearGradient>
<linearGradient id="fadeUp" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.6"/><stop offset="0.5" stop-color="#000" stop-opacity="0"/></linearGradient>
</defs>'''

def rays(cx, cy, n, length, color, op):
    s = f'<g opacity="{op}">'
    for i in range(n):
        a1 = i * 2*math.pi/n; a2 = a1 + math.pi/n*0.5
        s += f'<path d="M{cx} {cy} L{cx+math.cos(a1)*length:.1f} {cy+math.sin(a1)*length:.1f} L{cx+math.cos(a2)*length:.1f} {cy+math.sin(a2)*length:.1f} Z" fill="{color}"/>'
    return s + '</g>'

def sparkles(w, h, n, seed, region=None):
    r = random.Random(seed); s = ''
    for _ in range(n):
        x = r.uniform(0, w); y = r.uniform(0, h)
        if region and not region(x, y): continue
        s += star(x, y, r.uniform(2, 9), '#fff', r.uniform(0.35, 0.95))
    return s

def dots(w, h, seed):
    r = random.Random(seed); s = ''
    for _ in range(90):
        s += f'<circle cx="{r.uniform(0,w):.0f}" cy="{r.uniform(0,h):.0f}" r="{r.uniform(0.8,2.2):.1f}" fill="#fff" opacity="{r.uniform(0.15,0.5):.2f}"/>'
    return s

def svg(w, h, body):
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}">{body}</svg>\n'

# ---- banner 1: new packs (violet), cards fanned
def banner1(w, h, mobile):
    b = defs('#0b1330', '#3a1d9e', '#b0125a')
    b += f'<rect width="{w}" height="{h}" fill="url(#bg)"/>' + dots(w, h, 1)
    cx, cy = (w*0.73, h*0.52) if not mobile else (w*0.5, h*0.27)
    b += rays(cx, cy, 18, w, '#fff', 0.06)
    b += f'<circle cx="{cx}" cy="{cy}" r="{h*0.55 if not mobile else h*0.42}" fill="url(#glow)" opacity="0.55"/>'
    cw = h*0.42 if not mobile else h*0.245; ch = cw*1.4
    for i, (dx, rot, c1, c2, acc) in enumerate([(-1.25, -16, 'cp1', 'cp2', '#ff2e7e'), (1.25, 16, 'cg1', 'cg2', '#ffb000'), (0, 0, 'cv1', 'cv2', '#7b4dff')]):
        b += card(cx + dx*cw*0.78, cy + abs(dx)*cw*0.12, cw, ch, rot, c1, c2, acc, i)
    b += gem(cx - cw*1.75 if not mobile else cx - cw*1.9, cy + ch*0.42 if not mobile else cy - ch*0.35, 1.0 if not mobile else 0.8, 'gemA', 0.95, -12)
    b += gem(cx + cw*1.75 if not mobile else cx + cw*1.95, cy + ch*0.25, 0.9 if not mobile else 0.75, 'gemB', 0.95, 14)
    b += gem(cx + cw*1.5, cy - ch*0.5, 0.55, 'gemC', 0.9, -8)
    b += sparkles(w, h, 40, 2)
    b += f'<rect width="{w}" height="{h}" fill="url(#{"fadeUp" if mobile else "fade"})"/>'
    return svg(w, h, b)

# ---- banner 2: ship or gems (gold): capsule machine ball opening, gems and a parcel
def banner2(w, h, mobile):
    b = defs('#120b2e', '#5b2a00', '#e08a00')
    b += f'<rect width="{w}" height="{h}" fill="url(#bg)"/>' + dots(w, h, 3)
    cx, cy = (w*0.72, h*0.5) if not mobile else (w*0.5, h*0.33)
    R = h*0.3 if not mobile else h*0.16
    b += rays(cx, cy, 24, w, '#ffe27a', 0.08)
    b += f'<circle cx="{cx}" cy="{cy}" r="{R*1.9}" fill="url(#glow)" opacity="0.5"/>'
    # capsule: bottom half
    b += f'<path d="M{cx-R} {cy} A{R} {R} 0 0 0 {cx+R} {cy} Z" fill="url(#cg1)" stroke="#fff" stroke-width="4"/>'
    # top half lifted and tilted
    b += f'<g transform="rotate(-24 {cx-R} {cy-R*0.35})"><path d="M{cx-R} {cy-R*0.35} A{R} {R} 0 0 1 {cx+R} {cy-R*0.35} Z" fill="#ffffff" fill-opacity="0.85" stroke="#fff" stroke-width="4"/></g>'
    b += f'<ellipse cx="{cx}" cy="{cy}" rx="{R}" ry="{R*0.16}" fill="#7a3c00" opacity="0.55"/>'
    # gems bursting out
    for (dx, dy, s, g, rot) in [(-0.55, -1.0, 1.2, 'gemA', -10), (0.1, -1.35, 1.4, 'gemC', 6), (0.75, -0.95, 1.0, 'gemB', 18), (-1.25, -0.55, 0.8, 'gemB', -24), (1.35, -0.4, 0.85, 'gemA', 24)]:
        sc = s * (1 if not mobile else 0.8)
        b += gem(cx + dx*R, cy + dy*R, sc, g, 1, rot)
    # parcel box to the left
    px, py, ps = (cx - R*2.2, cy + R*0.35, R*0.75) if not mobile else (cx - R*2.0, cy + R*0.45, R*0.65)
    b += f'<g transform="translate({px} {py}) rotate(-8)"><rect x="{-ps/2}" y="{-ps/2}" width="{ps}" height="{ps*0.8}" rx="6" fill="#c98a4b" stroke="#fff" stroke-width="3"/><rect x="{-ps*0.08}" y="{-ps/2}" width="{ps*0.16}" height="{ps*0.8}" fill="#ffe9c7"/><rect x="{-ps/2}" y="{-ps/2}" width="{ps}" height="{ps*0.16}" fill="#b2753a"/></g>'
    b += sparkles(w, h, 44, 4)
    b += f'<rect width="{w}" height="{h}" fill="url(#{"fadeUp" if mobile else "fade"})"/>'
    return svg(w, h, b)

# ---- alternate banner 1: gem campaign (pink), a big ring of gems and a percent badge
def banner1alt(w, h, mobile):
    b = defs('#1a0633', '#9a0f57', '#ff5b8a')
    b += f'<rect width="{w}" height="{h}" fill="url(#bg)"/>' + dots(w, h, 5)
    cx, cy = (w*0.72, h*0.5) if not mobile else (w*0.5, h*0.27)
    R = h*0.3 if not mobile else h*0.18
    b += rays(cx, cy, 20, w, '#fff', 0.07)
    b += f'<circle cx="{cx}" cy="{cy}" r="{R*1.8}" fill="url(#glow)" opacity="0.55"/>'
    b += f'<circle cx="{cx}" cy="{cy}" r="{R}" fill="url(#cg1)" stroke="#fff" stroke-width="6"/>'
    b += f'<circle cx="{cx}" cy="{cy}" r="{R*0.8}" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="3" stroke-dasharray="6 8"/>'
    b += f'<text x="{cx}" y="{cy + R*0.2}" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="900" font-size="{R*0.78:.0f}" fill="#7a1040">10%</text>'
    for i in range(8):
        a = i * 2*math.pi/8 + 0.3
        b += gem(cx + math.cos(a)*R*1.45, cy + math.sin(a)*R*1.3, 0.7 if not mobile else 0.55, ['gemA','gemC','gemB'][i%3], 0.95, math.degrees(a)/6)
    b += sparkles(w, h, 50, 6)
    b += f'<rect width="{w}" height="{h}" fill="url(#{"fadeUp" if mobile else "fade"})"/>'
    return svg(w, h, b)

for name, fn in [('banner1', banner1), ('banner2', banner2), ('banner1-alt', banner1alt)]:
    open(out + name + '-pc.svg', 'w').write(fn(1200, 400, False))
    open(out + name + '-sp.svg', 'w').write(fn(750, 600, True))
print('ok')
